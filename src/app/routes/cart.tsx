import { ScreenPending } from '../layout/screen-pending';

export function Component() {
  return <ScreenPending name="Carrinho" />;
}
