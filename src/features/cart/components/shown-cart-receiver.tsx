import { useEffect } from 'react';
import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../config/paths';
import { itemCountLabel } from '../../../domain/texts';
import { readShownCart } from '../api/show-cart';
import { takeHandOff } from '../api/receive-hand-off';

/**
 * /loja/carrinho/{codigo} on a paired tablet (the QR of 'Mostrar ao vendedor'): the shopper's lines
 * replace the tablet's cart, re-priced, a line above this store's stock flagged as in any cart.
 */
export function ShownCartReceiver({ codigo }: { codigo: string }) {
  usePageTitle('Carrinho do cliente');
  const navigate = useNavigate();
  const take = useMutation({
    mutationFn: async () => {
      const { produtos } = await readShownCart(codigo);
      await takeHandOff(produtos, 'replace');
      toast.success(`Carrinho do cliente aberto: ${itemCountLabel(produtos.length)}.`);
      navigate(paths.cart, { replace: true });
    },
  });
  useEffect(() => {
    if (take.isIdle) take.mutate();
  }, [take]);

  if (take.isError)
    return (
      <Stack maw={560} mx="auto" gap="md">
        <Title order={1} size="h2">
          Carrinho do cliente
        </Title>
        <Alert color="yellow" title="Não foi possível abrir este carrinho" role="alert">
          {messageOf(take.error, 'Verifique a conexão e tente novamente.')}
        </Alert>
        <Button component={Link} to={paths.cart} size="lg">
          Ir para o carrinho
        </Button>
      </Stack>
    );
  return (
    <Stack align="center" py="xl">
      <Loader aria-label="Abrindo o carrinho do cliente" />
    </Stack>
  );
}
