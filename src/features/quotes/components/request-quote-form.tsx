import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Modal, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors';
import { QUOTE_NOTE_MAX } from '../../../api/price-quotes';
import { paths } from '../../../config/paths';
import { PHYSICAL_STORES } from '../../../domain/store';
import type { CartLine } from '../../../storage/db';
import { useRequestQuote } from '../api/quotes';

/** The request: the cart's lines, delivery (with its CEP) or pickup, the store that answers, a note. */
export default function RequestQuoteForm({ lines, onClose }: { lines: CartLine[]; onClose: () => void }) {
  const navigate = useNavigate();
  const request = useRequestQuote();
  const [delivery, setDelivery] = useState<'retirada' | 'entrega'>('retirada');
  const [store, setStore] = useState('');
  const [cep, setCep] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!store) return setError('Escolha a loja que vai atender o orçamento.');
    if (delivery === 'entrega' && cep.replace(/\D/g, '').length !== 8)
      return setError('Informe o CEP da entrega (8 dígitos).');
    setError(null);
    request.mutate(
      {
        produtos: lines.map((line) => ({ id: Number(line.id), quantidade: line.quantity })),
        entrega: delivery,
        loja: Number(store),
        cep: delivery === 'entrega' ? cep : null,
        observacao: note,
      },
      {
        onSuccess: (answer) => {
          onClose();
          navigate(paths.quoteDetails(answer.orcamento.id));
        },
        onError: (failure) => setError(messageOf(failure, 'Não foi possível enviar o pedido de orçamento.')),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Solicitar orçamento" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            A loja recebe os {lines.length} item(ns) do carrinho com as quantidades e responde com os preços.
            Seu carrinho continua como está.
          </Text>
          <Radio.Group
            label="Como você quer receber?"
            value={delivery}
            onChange={(value) => setDelivery(value as 'retirada' | 'entrega')}
          >
            <Stack gap={6} mt={4}>
              <Radio value="retirada" label="Retirar na loja" />
              <Radio value="entrega" label="Entrega no endereço" />
            </Stack>
          </Radio.Group>
          <NativeSelect
            label={delivery === 'retirada' ? 'Loja da retirada' : 'Loja que atende'}
            data={[
              { value: '', label: 'Escolha a loja' },
              ...PHYSICAL_STORES.map((entry) => ({ value: String(entry.id), label: entry.name })),
            ]}
            value={store}
            onChange={(event) => setStore(event.currentTarget.value)}
          />
          {delivery === 'entrega' && (
            <TextInput
              label="CEP da entrega"
              inputMode="numeric"
              autoComplete="postal-code"
              value={cep}
              onChange={(event) => setCep(event.currentTarget.value)}
              maxLength={9}
            />
          )}
          <Textarea
            label="Observação (opcional)"
            description={`Até ${QUOTE_NOTE_MAX} caracteres`}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value.slice(0, QUOTE_NOTE_MAX))}
            autosize
            minRows={2}
            maxRows={6}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={request.isPending} color="red.8">
            Enviar pedido de orçamento
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
