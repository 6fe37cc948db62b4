import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Segmented } from 'antd';
import SignaturePad from 'signature_pad';
import { useTranslation } from 'react-i18next';
import { typedSignatureName } from '../signature.ts';

export interface TSignatureHandle {
  /** The signature as a PNG data URL, or null when nothing is drawn or typed. */
  read(): string | null;
}

type TMode = 'draw' | 'type';

/**
 * A typed name drawn as a signature line on a white PNG, the same kind of image the pad gives, so the
 * server stores and shows both alike (SPEC 7 workhour-signature takes a PNG data URL).
 */
export function renderTypedSignature(name: string): string | null {
  const text = typedSignatureName(name);
  if (!text) return null;
  const canvas = document.createElement('canvas');
  canvas.width = 600;
  canvas.height = 160;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'middle';
  ctx.font = 'italic 44px "Segoe Script", "Brush Script MT", cursive, serif';
  ctx.fillText(text, 24, 80, canvas.width - 48);
  ctx.fillRect(24, 120, canvas.width - 48, 1);
  return canvas.toDataURL('image/png');
}

/**
 * A signature: drawn on a canvas (signature_pad) with a finger, pen or mouse, or, for keyboard and
 * screen-reader users, the signer's name typed and stored as an image of it. The parent reads it when
 * saving through `handleRef`; nothing drawn or typed reads as null.
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
  const id = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [mode, setMode] = useState<TMode>('draw');
  const [typed, setTyped] = useState('');

  useEffect(() => {
    if (mode !== 'draw') {
      handleRef.current = { read: () => renderTypedSignature(typed) };
      return () => {
        handleRef.current = null;
      };
    }
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
  }, [handleRef, onChange, mode, typed]);

  return (
    <div className="ra-wh-signature">
      <div className="ra-wh-signature__label" id={`${id}-label`}>
        {label}
      </div>
      <Segmented<TMode>
        size="small"
        className="ra-wh-signature__mode"
        value={mode}
        onChange={(next) => {
          setMode(next);
          onChange?.(next === 'type' && !!typedSignatureName(typed));
        }}
        options={[
          { value: 'draw', label: t('signature.draw') },
          { value: 'type', label: t('signature.type') },
        ]}
        aria-label={t('signature.how')}
      />
      {mode === 'draw' ? (
        <>
          <canvas
            ref={canvas}
            className="ra-wh-signature__pad"
            role="img"
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-hint`}
            data-testid="signature-pad"
          />
          <div className="ra-wh-signature__footer">
            <span id={`${id}-hint`} className="ra-wh-muted">
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
        </>
      ) : (
        <label className="ra-wh-field">
          <span className="ra-wh-muted">{t('signature.typeHint')}</span>
          <Input
            aria-label={t('signature.typeLabel')}
            value={typed}
            maxLength={60}
            autoComplete="name"
            data-testid="signature-typed"
            className="ra-wh-signature__typed"
            onChange={(e) => {
              setTyped(e.target.value);
              onChange?.(!!typedSignatureName(e.target.value));
            }}
          />
        </label>
      )}
    </div>
  );
}
