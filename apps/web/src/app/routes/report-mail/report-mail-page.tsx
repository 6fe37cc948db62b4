import { ReportMailSettings } from '../../../features/report-mail/components/report-mail-settings.tsx';

/** /salesReport/emailReports: the sales report by email (issue 24). */
export default function ReportMailPage() {
  return <ReportMailSettings />;
}
