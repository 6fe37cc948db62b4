import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { SALES_REPORT_SECTIONS } from '../report-sections.ts';

/**
 * The report's sections as tabs on a wide screen (ReportLayout), the open one holding `body`; in a
 * module of its own, so a phone, which shows a list instead, never loads antd's tabs (issue 21).
 */
export default function ReportTabs({
  active,
  onChange,
  body,
}: {
  active: string;
  onChange: (path: string) => void;
  body: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <Tabs
      className="ra-report__tabs"
      activeKey={active}
      onChange={onChange}
      destroyOnHidden
      items={SALES_REPORT_SECTIONS.map((s) => ({
        key: s.path,
        label: t(s.titleKey),
        children: s.path === active ? body : null,
      }))}
    />
  );
}
