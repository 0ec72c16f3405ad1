import { useEffect } from 'react';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors';
import { toast } from '../../../browser/toast';
import { usePageTitle } from '../../../hooks/use-page-title';
import { paths } from '../../../config/paths';
import { itemCountLabel } from '../../../domain/texts';
import { useCartLines } from '../../../storage/cart';
import { handOffQueryOptions, takeHandOff, type HandOffMode } from '../api/receive-hand-off';

/**
 * /carrinho/c/{codigo} on the shopper's phone: the cart a store tablet handed over. An empty cart
 * takes the lines at once; a cart with items asks whether to replace it or add to it.
 */
export function HandOffReceiver({ codigo }: { codigo: string }) {
  usePageTitle('Carrinho enviado pela loja');
  const navigate = useNavigate();
  const handOff = useQuery(handOffQueryOptions(codigo));
  const lines = useCartLines();
  const take = useMutation({
    mutationFn: async (mode: HandOffMode) => {
      if (!handOff.data) return;
      await takeHandOff(handOff.data.produtos, mode);
      toast.success(`Itens enviados pela ${handOff.data.loja.nome} estão no seu carrinho.`);
      navigate(paths.cart, { replace: true });
    },
    onError: (error) =>
      toast.warning(messageOf(error, 'Não foi possível guardar os itens no carrinho. Tente novamente.')),
  });
  const choose = (mode: HandOffMode) => {
    if (!take.isPending && !take.isSuccess) take.mutate(mode);
  };

  // An empty cart simply takes the lines; there is nothing to ask.
  const emptyCart = lines !== undefined && lines.length === 0;
  const ready = handOff.data !== undefined;
  useEffect(() => {
    if (ready && emptyCart && take.isIdle) take.mutate('replace');
  }, [ready, emptyCart, take]);

  if (handOff.isError) {
    const gone = isApiError(handOff.error) && [404, 410].includes(handOff.error.status);
    return (
      <Stack maw={560} mx="auto" gap="md">
        <Title order={1} size="h2">
          Carrinho enviado pela loja
        </Title>
        <Alert color={gone ? 'yellow' : 'red'} title="Não foi possível abrir este carrinho" role="alert">
          {messageOf(handOff.error, 'Verifique sua conexão e tente novamente.')}
        </Alert>
        <Button component={Link} to={paths.home} size="lg">
          Ir para a página inicial
        </Button>
      </Stack>
    );
  }
  if (!handOff.data || lines === undefined || take.isPending || take.isSuccess || emptyCart)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Abrindo o carrinho enviado" />
      </Stack>
    );
  const count = handOff.data.produtos.length;
  return (
    <Stack maw={560} mx="auto" gap="md">
      <Title order={1} size="h2">
        Carrinho enviado pela {handOff.data.loja.nome}
      </Title>
      <Text>
        Você recebeu {itemCountLabel(count)}. Seu carrinho já tem {itemCountLabel(lines.length)}: o que fazer?
      </Text>
      <Group grow>
        <Button size="lg" onClick={() => choose('replace')}>
          Substituir meu carrinho
        </Button>
        <Button size="lg" variant="outline" onClick={() => choose('add')}>
          Adicionar ao meu carrinho
        </Button>
      </Group>
    </Stack>
  );
}
