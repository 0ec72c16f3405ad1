import { Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { DISPATCH_BUSINESS_DAYS, PHYSICAL_STORE_COUNT } from '../../../domain/store';
import classes from './home-banners.module.css';

/** The two category banners of the home page, drawn in CSS so their text stays text. */
export function CategoryBanners() {
  return (
    <nav className={classes.categories} aria-label="Categorias em destaque">
      <Link to={paths.category('cozinha-e-lavanderia')} className={`${classes.category} ${classes.kitchen}`}>
        <Text fz="xl" fw={800}>
          Cozinha e Lavanderia
        </Text>
        <Text>Pias, cubas, torneiras e purificadores</Text>
      </Link>
      <Link to={paths.category('banheiro')} className={`${classes.category} ${classes.bathroom}`}>
        <Text fz="xl" fw={800}>
          Banheiro
        </Text>
        <Text>Chuveiros, louças, metais e acessórios</Text>
      </Link>
    </nav>
  );
}

/** The free-shipping banner: pickup at any store is free; delivery leaves within 2 business days. */
export function FreeShippingBanner() {
  return (
    <Group
      component="aside"
      aria-label="Frete grátis"
      className={classes.shipping}
      p="lg"
      my="xl"
      justify="space-between"
    >
      <Stack gap={2}>
        <Text fz="xl" fw={800}>
          Frete grátis na retirada em loja
        </Text>
        <Text>
          Compre online e retire em uma das nossas {PHYSICAL_STORE_COUNT} lojas, sem pagar frete. Entregas
          saem em até {DISPATCH_BUSINESS_DAYS} dias úteis após a confirmação do pagamento.
        </Text>
      </Stack>
    </Group>
  );
}
