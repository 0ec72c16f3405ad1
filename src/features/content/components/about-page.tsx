import { Paper, Text, Title } from '@mantine/core';
import { formatCep } from '../../../domain/cep';
import {
  FOUNDED_YEAR,
  OPENING_HOURS_TEXT,
  PHYSICAL_STORES,
  PHYSICAL_STORE_COUNT,
  STORE_CITY,
  STORE_NAME,
} from '../../../domain/store';
import { StaticPage } from './static-page';
import classes from './content-columns.module.css';

const NUMBER_WORDS: Record<number, string> = { 3: 'três', 4: 'quatro', 5: 'cinco', 6: 'seis' };

export function AboutPage() {
  const storeCount = NUMBER_WORDS[PHYSICAL_STORE_COUNT] ?? String(PHYSICAL_STORE_COUNT);
  return (
    <StaticPage
      title="Sobre nós"
      lead={`Desde ${FOUNDED_YEAR} ajudando a construir e reformar em ${STORE_CITY.name}.`}
    >
      <Text mb="sm">
        A {STORE_NAME} abriu as portas em {FOUNDED_YEAR} como um pequeno depósito de materiais de construção.
        Mais de cinco décadas depois, somos {storeCount} lojas físicas em {STORE_CITY.name}/{STORE_CITY.uf},
        com tudo para a obra e para a casa: pisos e revestimentos, banheiro, cozinha e lavanderia, materiais
        hidráulicos, ferramentas e acessórios para pintura.
      </Text>
      <Text mb="sm">
        A loja online leva o mesmo atendimento para onde você estiver: preço de depósito, Pix com desconto,
        entrega rápida e uma equipe que entende de obra pronta para ajudar na escolha.
      </Text>
      <Title order={2} size="h3" mt="xl" mb="md">
        Nossas lojas
      </Title>
      <div className={classes.stores}>
        {PHYSICAL_STORES.map((store) => (
          <Paper key={store.id} withBorder p="md">
            <Title order={3} size="h5" mb={4}>
              {store.name}
            </Title>
            <Text size="sm">{store.street}</Text>
            <Text size="sm">
              {store.bairro}, {store.cidade}/{store.uf}
            </Text>
            <Text size="sm">CEP {formatCep(store.cep)}</Text>
          </Paper>
        ))}
      </div>
      <Text mt="md" size="sm" c="gray.8">
        Horário de funcionamento: {OPENING_HOURS_TEXT}.
      </Text>
    </StaticPage>
  );
}
