import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSessionValue } from '../../storage/session-keys';
import { UserIcon } from './icons';
import classes from './header.module.css';

/** The account entry: 'Minha Conta' / 'Entrar / Cadastrar', or the stored name with 'Meus Pedidos'. */
export function AccountLink({ onNavigate }: { onNavigate?: () => void }) {
  const name = useSessionValue('nome')?.trim();
  if (name) {
    return (
      <div className={classes.accountLink}>
        <UserIcon />
        <span>
          <span className={classes.accountName} style={{ display: 'block' }} title={name}>
            {name}
          </span>
          <Link to={paths.customerArea} onClick={onNavigate} className={classes.accountSubtitle}>
            Meus Pedidos
          </Link>
        </span>
      </div>
    );
  }
  return (
    <Link to={paths.login} onClick={onNavigate} className={classes.accountLink}>
      <UserIcon />
      <span>
        <span className={classes.accountTitle} style={{ display: 'block' }}>
          Minha Conta
        </span>
        <span className={classes.accountSubtitle}>Entrar / Cadastrar</span>
      </span>
    </Link>
  );
}
