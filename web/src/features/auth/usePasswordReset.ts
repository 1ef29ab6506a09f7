import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '@medchest/domain';
import { apiJson } from '../../lib/api';

/** POST /api/auth/forgot-password: the same answer whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => apiJson<{ message: string }>('POST', '/api/auth/forgot-password', input),
  });
}

/** POST /api/auth/reset-password: the link's token and the new password. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiJson<{ message: string }>('POST', '/api/auth/reset-password', input),
  });
}
