import { ACCEPTED_PAYMENT_BRANDS } from '../../domain/store';

type Brand = (typeof ACCEPTED_PAYMENT_BRANDS)[number];

// Plain badges drawn here (no trademark artwork shipped): the brand's colour and its name.
function BrandArt({ brand }: { brand: Brand }) {
  switch (brand) {
    case 'Visa':
      return (
        <>
          <rect width="56" height="36" rx="5" fill="#1a1f71" />
          <text
            x="28"
            y="24"
            textAnchor="middle"
            fontSize="15"
            fontWeight="800"
            fontStyle="italic"
            fill="#fff"
          >
            VISA
          </text>
        </>
      );
    case 'Mastercard':
      return (
        <>
          <rect width="56" height="36" rx="5" fill="#fff" stroke="#ced4da" />
          <circle cx="22" cy="18" r="10" fill="#eb001b" />
          <circle cx="34" cy="18" r="10" fill="#f79e1b" fillOpacity="0.9" />
        </>
      );
    case 'Elo':
      return (
        <>
          <rect width="56" height="36" rx="5" fill="#000" />
          <text x="28" y="24" textAnchor="middle" fontSize="16" fontWeight="800" fill="#fff">
            elo
          </text>
        </>
      );
    case 'Pix':
      return (
        <>
          <rect width="56" height="36" rx="5" fill="#fff" stroke="#ced4da" />
          <path d="M14 18 20 12l6 6-6 6z" fill="#32bcad" />
          <text x="36" y="23" textAnchor="middle" fontSize="13" fontWeight="800" fill="#1b7a70">
            pix
          </text>
        </>
      );
  }
}

/** The accepted brands: Visa, Mastercard, Elo, Pix. */
export function PaymentBrands() {
  return (
    <ul
      aria-label="Formas de pagamento aceitas"
      style={{ display: 'flex', gap: 8, listStyle: 'none', margin: 0, padding: 0, flexWrap: 'wrap' }}
    >
      {ACCEPTED_PAYMENT_BRANDS.map((brand) => (
        <li key={brand}>
          <svg width="56" height="36" viewBox="0 0 56 36" role="img" aria-label={brand}>
            <BrandArt brand={brand} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
