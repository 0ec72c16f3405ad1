import PDFDocument from 'pdfkit';
import type { Quote } from '../../../api/price-quotes';
import { formatBRLPlain, reaisToCentavos } from '../../../domain/money';
import { lineQuantityText } from '../../../domain/quantity';
import {
  STORE_CNPJ,
  STORE_LEGAL_NAME,
  STORE_NAME,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  physicalStore,
} from '../../../domain/store';
import { formatIsoDate, formatStoreDateTime } from '../../../domain/store-calendar';

// The answered quote as a PDF (pdfkit's standard Helvetica: WinAnsi covers pt-BR). The seller's
// identification the e-commerce decree asks for (Decreto 7.962/2013 art. 2: razão social, CNPJ,
// address) is the one the site's footer and e-mails carry (src/domain/store.ts).

const MARGIN = 48;
const ACCENT = '#c92a2a';
const MUTED = '#495057';

const money = (reais: number | null) => (reais === null ? '-' : formatBRLPlain(reaisToCentavos(reais)));

/** The PDF's bytes. */
export function quotePdf(quote: Quote, customerName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Orçamento ${quote.id} - ${STORE_NAME}`, Author: STORE_LEGAL_NAME },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const head = physicalStore(1)!;
  const store = physicalStore(quote.loja.id);
  const width = doc.page.width - MARGIN * 2;

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(STORE_NAME);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9);
  doc.text(`${STORE_LEGAL_NAME} - CNPJ ${STORE_CNPJ}`);
  doc.text(`${head.street}, ${head.bairro}, ${head.cidade}/${head.uf}, CEP ${head.cep}`);
  doc.text(`${SUPPORT_PHONE} - ${SUPPORT_EMAIL}`);
  doc.moveDown(1.2);

  doc.fillColor('#212529').font('Helvetica-Bold').fontSize(16).text(`Orçamento nº ${quote.id}`);
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Cliente', customerName],
    ['Loja', store ? `${store.name} - ${store.street}, ${store.bairro}` : quote.loja.nome],
    ['Entrega', quote.entrega === 'retirada' ? 'Retirada na loja' : `Entrega no CEP ${quote.cep ?? '-'}`],
    ['Solicitado em', formatStoreDateTime(quote.solicitadoEm)],
    ['Respondido em', quote.respondidoEm ? formatStoreDateTime(quote.respondidoEm) : 'Aguardando a loja'],
    ['Vendedor', quote.vendedor ?? '-'],
    ['Válido até', quote.validade ? formatIsoDate(quote.validade) : '-'],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
  if (quote.observacao) {
    doc
      .font('Helvetica-Bold')
      .text('Observação: ', { continued: true })
      .font('Helvetica')
      .text(quote.observacao);
  }
  doc.moveDown(1);

  // The lines: product, quantity, unit price, line total.
  const columns = [
    { title: 'Produto', width: width * 0.46, align: 'left' as const },
    { title: 'Quantidade', width: width * 0.16, align: 'right' as const },
    { title: 'Preço unitário', width: width * 0.19, align: 'right' as const },
    { title: 'Total', width: width * 0.19, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const heights = cells.map((cell, index) => doc.heightOfString(cell, { width: columns[index].width - 6 }));
    const height = Math.max(...heights);
    if (top + height > doc.page.height - MARGIN - 40) {
      doc.addPage();
      return row(cells, bold);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      doc.text(cell, x, top, { width: columns[index].width - 6, align: columns[index].align });
      x += columns[index].width;
    });
    doc.y = top + height + 5;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + width, doc.y - 2)
      .strokeColor('#dee2e6')
      .lineWidth(0.5)
      .stroke();
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const line of quote.linhas) {
    const perArea = line.multiploprdvenda && Number(line.multiploprdvenda.replace(',', '.')) > 0;
    row([
      line.nome,
      lineQuantityText(line.quantidade, line.multiploprdvenda, line.codundvenda),
      `${money(line.preco)}${perArea ? '/m²' : ''}`,
      money(line.total),
    ]);
  }
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total: ${money(quote.total)}`, MARGIN, doc.y, { width: width - 6, align: 'right' });
  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  doc.text(
    [
      quote.validade
        ? `Preços válidos até ${formatIsoDate(quote.validade)}, sujeitos à disponibilidade de estoque na finalização do pedido.`
        : 'Os preços serão informados pela loja.',
      'Frete calculado na finalização do pedido. Este orçamento não é documento fiscal.',
    ].join(' '),
    MARGIN,
    doc.y,
    { width },
  );
  doc.end();
  return done;
}
