import { cardInterestPaidBy } from '../../../config/env';
import '@mantine/core/styles/Tabs.css';
import { Tabs, Text } from '@mantine/core';
import { formatBRL } from '../../../domain/money';
import { installments, pixPrice, PIX_DISCOUNT_LABEL } from '../../../domain/payment-options';
import classes from './payment-tabs.module.css';

interface PaymentTabsProps {
  description: string;
  /** The amount the options are for (one unit, or one box), centavos. */
  price: number;
  /** What `price` buys ('a unidade', 'a caixa'). */
  unitLabel: string;
}

/** The product page tabs: the general description and the payment methods. */
export function PaymentTabs({ description, price, unitLabel }: PaymentTabsProps) {
  return (
    <Tabs defaultValue="descricao" keepMounted={false} mt="xl">
      <Tabs.List>
        <Tabs.Tab value="descricao">Descrição geral</Tabs.Tab>
        <Tabs.Tab value="pagamento">Formas de pagamento</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="descricao" pt="md">
        {description ? (
          description.split(/\n{2,}/).map((paragraph, i) => (
            <Text key={i} mb="sm" style={{ whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))
        ) : (
          <Text c="dark.5">Este produto ainda não tem descrição.</Text>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="pagamento" pt="md">
        <Text fw={700}>Pix</Text>
        <Text mb="md">
          {formatBRL(pixPrice(price))} {unitLabel} à vista no Pix ({PIX_DISCOUNT_LABEL})
        </Text>
        <Text fw={700}>Cartão de crédito</Text>
        {/* A plain table: Mantine's Table brings its scroll container (ScrollArea and floating-ui,
            about 12 KiB gzip) into the product page's first load for one column of text. */}
        <table className={classes.installments} aria-label="Parcelas no cartão de crédito">
          <tbody>
            {installments(price, cardInterestPaidBy).map((item) => (
              <tr key={item.id}>
                <td>{item.descricao}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Tabs.Panel>
    </Tabs>
  );
}
