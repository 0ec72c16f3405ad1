import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import {
  OPENING_HOURS,
  REGISTRATION_LINE,
  SUPPORT_EMAIL,
  SUPPORT_PHONE,
  SUPPORT_PHONE_LINK,
  SUPPORT_RESPONSE_DAYS,
  WHATSAPP_LINK,
  WHATSAPP_PHONE,
} from '../../../domain/store';
import { ContactForm } from './contact-form';
import { StaticPage } from './static-page';
import classes from './content-columns.module.css';

export function ContactPage() {
  return (
    <StaticPage
      title="Fale conosco"
      lead={`Envie a sua mensagem: a nossa equipe responde em até ${SUPPORT_RESPONSE_DAYS} dias.`}
    >
      <div className={classes.contact}>
        <div>
          <ContactForm />
        </div>
        <div>
          <Paper withBorder p="md" component="section" aria-labelledby="contato-canais">
            <Title order={2} size="h4" id="contato-canais" mb="sm">
              Outros canais
            </Title>
            <Stack gap="xs">
              <Text>
                WhatsApp:{' '}
                <Anchor href={WHATSAPP_LINK} target="_blank" rel="noopener noreferrer">
                  {WHATSAPP_PHONE}
                </Anchor>
              </Text>
              <Text>
                Telefone: <Anchor href={SUPPORT_PHONE_LINK}>{SUPPORT_PHONE}</Anchor>
              </Text>
              <Text>
                E-mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
              </Text>
              <div>
                <Text fw={600}>Horário de atendimento</Text>
                {OPENING_HOURS.map((hours) => (
                  <Text key={hours.days} size="sm">
                    {hours.days}: {hours.opens} às {hours.closes}
                  </Text>
                ))}
              </div>
              <Text size="xs" c="gray.7">
                {REGISTRATION_LINE}
              </Text>
            </Stack>
          </Paper>
        </div>
      </div>
    </StaticPage>
  );
}
