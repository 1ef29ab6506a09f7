import type { Reactor } from '../reactor/reactor';
import { accountApprovedMail } from './accountApprovedMail';
import type { ReactorConfig } from './config';
import { existingAccountSignUpMail } from './existingAccountSignUpMail';
import { orderSupplierMail } from './orderSupplierMail';
import { passwordResetMail } from './passwordResetMail';

export type { ReactorConfig } from './config';
export { accountApprovedMail } from './accountApprovedMail';
export { existingAccountSignUpMail } from './existingAccountSignUpMail';
export { orderSupplierMail } from './orderSupplierMail';
export { passwordResetMail } from './passwordResetMail';

/** Every reactor the workers run. A new reactor is one module plus one line here. */
export function allReactors(config: ReactorConfig): Reactor[] {
  const { store, supplierLinkSecret, passwordResetSecret } = config;
  const resetMail = passwordResetSecret ? [passwordResetMail({ ...config, passwordResetSecret })] : [];
  const orderMail = store && supplierLinkSecret ? [orderSupplierMail({ ...config, store, supplierLinkSecret })] : [];
  return [accountApprovedMail(config), existingAccountSignUpMail(config), ...orderMail, ...resetMail] as Reactor[];
}
