// The store staff commands of `npm run store` (src/server/cli.ts hands them here).

import { storeClockTime } from '../domain/store-calendar';
import type { CommandGroup } from './cli-admin';

export const STAFF_USAGE = `  staff:add --nome "Ana Souza" --loja N --papel vendedor|gerente
                                           cadastra um funcionário e mostra o PIN de 6 dígitos (uma vez só)
  staff:list [--loja N]                    funcionários, com loja, papel e bloqueio de PIN
  staff:reset-pin <id>                     novo PIN (o antigo deixa de valer; desbloqueia; encerra a sessão)
  staff:remove <id>                        desativa o funcionário (as vendas dele continuam registradas)
`;

interface StaffLine {
  id: number;
  nome: string;
  lojaNome: string;
  papel: string;
  bloqueadoAte: string | null;
  pin?: string;
}

function staffId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Error('Informe o número do funcionário (veja staff:list).');
  return id;
}

const printPin = (staff: StaffLine) => {
  console.log(`PIN de ${staff.nome} (#${staff.id}, ${staff.papel}, ${staff.lojaNome}): ${staff.pin}`);
  console.log('Entregue-o só a essa pessoa: ele não será mostrado de novo (perdeu? staff:reset-pin).');
};

/** Runs a staff:* command; false when `command` is not one. */
export const runStaffCommand: CommandGroup = async (command, positional, options, admin) => {
  switch (command) {
    case 'staff:add': {
      const answer = await admin('POST', '/staff', {
        nome: options.nome,
        loja: options.loja,
        papel: options.papel,
      });
      printPin(answer as unknown as StaffLine);
      return true;
    }
    case 'staff:list': {
      const query = options.loja ? `?loja=${encodeURIComponent(options.loja)}` : '';
      const answer = (await admin('GET', `/staff${query}`)) as unknown as { equipe: StaffLine[] };
      if (answer.equipe.length === 0) console.log('Nenhum funcionário cadastrado.');
      for (const staff of answer.equipe)
        console.log(
          `#${staff.id}  ${staff.nome}  ${staff.papel}  ${staff.lojaNome}` +
            (staff.bloqueadoAte ? `  PIN BLOQUEADO até ${storeClockTime(new Date(staff.bloqueadoAte))}` : ''),
        );
      return true;
    }
    case 'staff:reset-pin': {
      printPin(
        (await admin('POST', `/staff/${staffId(positional[0])}/reset-pin`, {})) as unknown as StaffLine,
      );
      return true;
    }
    case 'staff:remove': {
      const answer = (await admin(
        'POST',
        `/staff/${staffId(positional[0])}/remove`,
        {},
      )) as unknown as StaffLine;
      console.log(`${answer.nome} (#${answer.id}) removido: não entra mais nos tablets.`);
      return true;
    }
    default:
      return false;
  }
};
