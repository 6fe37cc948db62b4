/**
 * The typed alternative to drawing a signature: the name as it is signed, spaces collapsed; at least
 * two letters, so a stray key press is not a signature. Empty means not signed.
 */
export function typedSignatureName(input: string): string {
  const name = input.replace(/\s+/g, ' ').trim();
  return [...name].filter((c) => /\p{L}/u.test(c)).length >= 2 ? name : '';
}

/**
 * Whether the shift drawer shows a signature, and whether it must be given (SPEC 3 flags): required
 * while requireSignatureForWorkHoursEdit is on (the server refuses the change without one); offered
 * while the restaurant takes signatures (enableCaptureSignature) so a change can be signed anyway.
 */
export function shiftSignature(settings: {
  enableCaptureSignature: boolean;
  requireSignatureForWorkHoursEdit: boolean;
}): 'required' | 'optional' | 'none' {
  if (settings.requireSignatureForWorkHoursEdit) return 'required';
  return settings.enableCaptureSignature ? 'optional' : 'none';
}
