import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '../../stores/error-log.ts';

const ErrorLogDialog = lazy(() => import('./error-log-dialog.tsx'));

/**
 * SPEC 3 error log: uncaught UI errors are collected in production builds only, so the button
 * appears only there, and only once something has gone wrong.
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useErrorLog((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (count === 0 && !open) return null;
  return (
    <>
      <Tooltip title={t('layout:errorLog.open')}>
        <Badge count={count} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            danger
            icon={<BugOutlined />}
            aria-label={t('layout:errorLog.open')}
            onClick={() => {
              setLoaded(true);
              setOpen(true);
            }}
          />
        </Badge>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
