import type { ReactNode } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../lib/request.ts';

export type TSkeletonShape = 'cards' | 'table' | 'chart';

export function SectionSkeleton({ shape }: { shape: TSkeletonShape }) {
  if (shape === 'cards') {
    return (
      <div className="ra-report-cards" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="ra-report-card">
            <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 2, width: ['70%', '40%'] }} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="ra-report-panel" aria-busy="true">
      {shape === 'chart' ? (
        <Skeleton.Node active className="ra-report-skeleton-chart">
          <span />
        </Skeleton.Node>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}

/** 'No sales in this period', in the report's words. */
export function NoSales({ description }: { description?: string }) {
  const { t } = useTranslation('reports');
  return (
    <div className="ra-report-panel">
      <Empty description={description ?? t('empty.noSales')} />
    </div>
  );
}

/** A failed load: what went wrong and a retry; a 403 says the user may not see it (no retry helps). */
export function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('reports');
  if (isApiError(error) && error.status === 403) {
    return <Result status="403" title={t('error.forbiddenTitle')} subTitle={t('error.forbidden')} />;
  }
  return (
    <Result
      status="warning"
      title={t('error.title')}
      subTitle={errorText(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}

/**
 * Loading skeleton, error with retry, or the section itself. Data already on screen stays while a new
 * range loads (placeholder data), so switching ranges does not flash a skeleton.
 */
export function QueryState<T>({
  query,
  shape,
  children,
}: {
  query: UseQueryResult<T>;
  shape: TSkeletonShape;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <SectionError error={query.error} onRetry={() => void query.refetch()} />;
  return <SectionSkeleton shape={shape} />;
}
