import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrinters } from '../api/printers.ts';
import { SUGGESTED_PRINTERS } from '../item-form-values.ts';

/**
 * An item's or a modifier group's printers, chosen from the restaurant's printers (its printer devices).
 * A saved name that is no longer a printer stays listed, marked, so it can be seen and removed. While
 * the restaurant has no printer set up under Devices, names can be typed (they are kept as text and
 * match a printer paired later under that name).
 */
export function PrinterSelect({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('menu');
  const printers = usePrinters();
  const names = printers.data?.printers ?? [];
  const chosen = value ?? [];
  const typed = printers.isSuccess && names.length === 0;
  const options = typed
    ? [...new Set([...SUGGESTED_PRINTERS, ...chosen])].map((p) => ({ value: p, label: p }))
    : [...new Set([...names, ...chosen])].map((p) => ({
        value: p,
        label: names.includes(p) || printers.isPending ? p : t('printers.notADevice', { name: p }),
      }));
  return (
    <>
      <Select
        id={id}
        mode={typed ? 'tags' : 'multiple'}
        value={chosen}
        onChange={onChange}
        loading={printers.isPending}
        options={options}
        tokenSeparators={typed ? [','] : undefined}
        optionFilterProp="label"
      />
      {typed && (
        <Typography.Text type="secondary" className="ra-printer-select__hint">
          {t('printers.noneSetUp')}
        </Typography.Text>
      )}
    </>
  );
}
