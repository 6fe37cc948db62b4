import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import SignaturePad from 'signature_pad';
import { useTranslation } from 'react-i18next';

export interface TSignatureHandle {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  read(): string | null;
}

/**
 * A signature drawn on a canvas (signature_pad): finger, pen or mouse. The parent reads it when saving
 * through `handleRef`; an empty pad reads as null.
 */
export function SignatureField({
  label,
  hint,
  handleRef,
  onChange,
}: {
  label: string;
  hint: string;
  handleRef: { current: TSignatureHandle | null };
  onChange?: (signed: boolean) => void;
}) {
  const { t } = useTranslation('work-hours');
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    // Size the bitmap to the box as drawn, in device pixels, so strokes land under the pointer.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const instance = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)' });
    instance.addEventListener('endStroke', () => onChange?.(!instance.isEmpty()));
    pad.current = instance;
    handleRef.current = { read: () => (instance.isEmpty() ? null : instance.toDataURL('image/png')) };
    return () => {
      instance.off();
      pad.current = null;
      handleRef.current = null;
    };
  }, [handleRef, onChange]);

  return (
    <div className="ra-wh-signature">
      <div className="ra-wh-signature__label" id="ra-wh-signature-label">
        {label}
      </div>
      <canvas
        ref={canvas}
        className="ra-wh-signature__pad"
        role="img"
        aria-labelledby="ra-wh-signature-label"
        aria-describedby="ra-wh-signature-hint"
        data-testid="signature-pad"
      />
      <div className="ra-wh-signature__footer">
        <span id="ra-wh-signature-hint" className="ra-wh-muted">
          {hint}
        </span>
        <Button
          size="small"
          onClick={() => {
            pad.current?.clear();
            onChange?.(false);
          }}
        >
          {t('actions.clearSignature')}
        </Button>
      </div>
    </div>
  );
}
