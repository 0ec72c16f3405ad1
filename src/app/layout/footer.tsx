import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import {
  copyrightText,
  FOOTER_DISCLAIMER,
  OPENING_HOURS_TEXT,
  REGISTRATION_LINE,
  SOCIAL_LINKS,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  SUPPORT_PHONE_LINK,
  WHATSAPP_LINK,
  WHATSAPP_PHONE,
} from '../../domain/store';
import { PaymentBrands } from './payment-brands';
import classes from './footer.module.css';

const INSTITUTIONAL = [
  { to: paths.about, label: 'Sobre nós' },
  { to: paths.faq, label: 'Perguntas frequentes' },
  { to: paths.privacy, label: 'Política de privacidade' },
  { to: paths.deliveryPolicy, label: 'Política de entrega' },
  { to: paths.terms, label: 'Termos e condições de compra' },
  { to: paths.contact, label: 'Fale conosco' },
];

/** The footer: institutional links, contacts, social links, accepted brands, the online-only notice, © and the current year. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.columns}>
        <nav aria-labelledby="rodape-institucional">
          <h2 id="rodape-institucional" className={classes.heading}>
            Institucional
          </h2>
          <ul className={classes.list}>
            {INSTITUTIONAL.map((link) => (
              <li key={link.to}>
                <Link to={link.to} discover="none">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="rodape-atendimento">
          <h2 id="rodape-atendimento" className={classes.heading}>
            Atendimento
          </h2>
          <ul className={classes.list}>
            <li>
              <a href={WHATSAPP_LINK} target="_blank" rel="noopener noreferrer">
                WhatsApp {WHATSAPP_PHONE}
              </a>
            </li>
            <li>
              Telefone: <a href={SUPPORT_PHONE_LINK}>{SUPPORT_PHONE}</a>
            </li>
            <li>
              E-mail: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </li>
            <li>{OPENING_HOURS_TEXT}</li>
          </ul>
        </section>
        <section aria-labelledby="rodape-redes">
          <h2 id="rodape-redes" className={classes.heading}>
            Redes sociais
          </h2>
          <ul className={classes.list}>
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a href={social.url} target="_blank" rel="noopener noreferrer">
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="rodape-pagamento">
          <h2 id="rodape-pagamento" className={classes.heading}>
            Formas de pagamento
          </h2>
          <PaymentBrands />
        </section>
      </div>
      <div className={classes.legal}>
        <p>{FOOTER_DISCLAIMER}</p>
        <p>{REGISTRATION_LINE}</p>
        <p>{copyrightText()}</p>
      </div>
    </footer>
  );
}
