import type { FormInstance } from 'antd';

/** What antd's validateFields rejects with when a rule fails (rc-field-form's ValidateErrorEntity). */
function isValidationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errorFields' in error;
}

/**
 * The form's values once every rule passes, else null. antd's `validateFields()` rejects when a rule
 * fails; the form already shows the messages under the fields, so that is no error for the page, and
 * an awaited rejection inside a click handler would surface as an uncaught promise rejection. Any
 * other failure (a bug in a validator) is thrown on.
 */
export async function validFormValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    if (isValidationFailure(error)) return null;
    throw error;
  }
}
