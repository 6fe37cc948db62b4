import { useState } from 'react';
import { Button, Empty, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import { useTranslation } from 'react-i18next';
import type { TReportSection } from '@ra/shared/reports/reports.schemas';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { downloadServerExport, exportFileName, saveCsv, type TExportFormat } from '../api/export-report.ts';
import { SERVER_EXPORT_FORMATS } from '../api/export-formats.ts';
import { useNarrow } from '../../../lib/media-query.ts';
import { count } from '../report-format.ts';
import {
  buildReportCsv,
  compareCells,
  formatCell,
  screenColumnsOf,
  type TReportColumn,
  type TTotalsRow,
} from '../report-columns.ts';
import type { TReportRange } from '../report-range.ts';
import { antSortOrder, listSortOf, type TListSort } from '../report-sort.ts';

export interface TReportPaging {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Server-side order of a paged list: the header arrows ask the server, not the page, to sort. */
export interface TReportSorting<TKey extends string = string> {
  /** Column keys the server sorts by (shared COMPS_VOIDS_SORT_KEYS, PAYOUT_SORT_KEYS); others get no arrows. */
  keys: readonly TKey[];
  current: TListSort<TKey>;
  onChange: (next: TListSort<TKey>) => void;
}

export interface TReportTableProps<TRow, TSortKey extends string = string> {
  /** The table's heading, also the label of its export buttons. */
  title: string;
  /** Which report endpoint holds the rows, for the server's export; without one the CSV is built here. */
  section?: TReportSection;
  range: TReportRange;
  columns: readonly TReportColumn<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow, index: number) => string;
  /** The whole range's totals (the server's, so a paged table still totals every row). */
  totals: TTotalsRow | null;
  /** The same totals for the comparison period, shown in a second summary row. */
  previousTotals?: TTotalsRow | null;
  loading?: boolean;
  /** Server-side pages (event lists); without it every row is on one scrolling page. */
  paging?: TReportPaging;
  /** Every row of the range for a CSV built here, when the table only holds one page. */
  loadAllRows?: () => Promise<readonly TRow[]>;
  /** Sorted by the server across every page (with `paging`); without it the rows on screen are sorted here. */
  sorting?: TReportSorting<TSortKey>;
  /** The rows are not yet the ones the headings describe (a new grouping is loading): no export. */
  stale?: boolean;
  /** What an empty table says (default: no sales in the period). */
  emptyText?: string;
}

/**
 * The first column's cells on a phone: they stay in view as the figures scroll sideways. The rows
 * scroll in their own box (both in reports.css), not by antd's `scroll.x`, which adds a row of
 * measuring cells: as the table is committed each is read for its width, kept in the table's state
 * (drawing it again) and watched for resizing, a good part of the task that drew the sales summary's
 * table (issue 21).
 */
const LEAD_CELL = 'ra-report-table__lead';

const isNumeric = (kind: TReportColumn<unknown>['kind']) => kind === 'count' || kind === 'cents' || kind === 'percent';

/**
 * A sortable report table with a totals row and CSV / XLSX export (SPEC 2 "/salesReport"). Narrow
 * screens scroll it sideways rather than squeezing the figures.
 */
export function ReportTable<TRow extends object, TSortKey extends string = string>({
  title,
  section,
  range,
  columns,
  rows,
  rowKey,
  totals,
  previousTotals,
  loading,
  paging,
  loadAllRows,
  sorting,
  stale = false,
  emptyText,
}: TReportTableProps<TRow, TSortKey>) {
  const { t } = useTranslation('reports');
  const [exporting, setExporting] = useState<TExportFormat | null>(null);
  const narrow = useNarrow();
  const screenColumns = screenColumnsOf(columns, narrow);
  const serverFormats = section ? (SERVER_EXPORT_FORMATS[section] ?? []) : [];

  const exportAs = async (format: TExportFormat) => {
    setExporting(format);
    try {
      if (section && serverFormats.includes(format)) {
        // a sorted list exports in the order on screen
        await downloadServerExport(section, range, format, sorting?.current ? { ...sorting.current } : {});
      } else {
        const all = loadAllRows ? await loadAllRows() : rows;
        saveCsv(buildReportCsv(columns, all, totals, t('table.total')), exportFileName(title, range, 'csv'));
      }
    } catch (e) {
      showErrorMessage(errorText(e, t('export.failed')));
    } finally {
      setExporting(null);
    }
  };

  const sortOf = (c: TReportColumn<TRow>) => {
    if (sorting) {
      const sortable = (sorting.keys as readonly string[]).includes(c.key);
      return sortable ? { sorter: true, sortOrder: antSortOrder(c.key, sorting.current) } : {};
    }
    return c.unsortable ? {} : { sorter: (a: TRow, b: TRow) => compareCells(c.value(a), c.value(b)) };
  };

  // on a phone the name stays in view while the figures scroll (reports.css, position: sticky)
  const leadOf = (index: number) => (narrow && index === 0 ? LEAD_CELL : undefined);
  const antColumns: ColumnsType<TRow> = screenColumns.map((c, index) => ({
    key: c.key,
    title: c.title,
    className: leadOf(index),
    align: isNumeric(c.kind) ? 'right' : 'left',
    width: c.width,
    ...sortOf(c),
    sortDirections: ['descend', 'ascend'],
    render: (_: unknown, row: TRow) => (c.render ? c.render(row) : formatCell(c.kind, c.value(row))),
  }));

  const summaryRow = (values: TTotalsRow, label: string, className: string) => (
    <Table.Summary.Row className={className}>
      {screenColumns.map((c, index) => {
        const value = values[c.key] ?? null;
        return (
          <Table.Summary.Cell
            key={c.key}
            index={index}
            className={leadOf(index)}
            align={isNumeric(c.kind) ? 'right' : 'left'}
          >
            {index === 0 && value === null ? <strong>{label}</strong> : <strong>{formatCell(c.kind, value)}</strong>}
          </Table.Summary.Cell>
        );
      })}
    </Table.Summary.Row>
  );

  const xlsxAvailable = serverFormats.includes('xlsx');
  return (
    <section className="ra-report-table" aria-label={title} aria-busy={loading || stale || undefined}>
      <div className="ra-report-table__head">
        <Typography.Title level={5} className="ra-report-table__title">
          {title}
        </Typography.Title>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'csv'}
            disabled={rows.length === 0 || stale}
            onClick={() => void exportAs('csv')}
            aria-label={t('export.csvOf', { table: title })}
          >
            {t('export.csv')}
          </Button>
          <Tooltip title={xlsxAvailable ? undefined : t('export.xlsxUnavailable')}>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting === 'xlsx'}
              disabled={!xlsxAvailable || rows.length === 0 || stale}
              onClick={() => void exportAs('xlsx')}
              aria-label={t('export.xlsxOf', { table: title })}
            >
              {t('export.xlsx')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      <Table<TRow>
        size="middle"
        columns={antColumns}
        dataSource={rows as TRow[]}
        rowKey={(row) => rowKey(row, rows.indexOf(row))}
        loading={loading || stale}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (!sorting || extra.action !== 'sort') return;
          const clicked = Array.isArray(sorter) ? sorter[0] : sorter;
          sorting.onChange(listSortOf({ columnKey: clicked?.columnKey, order: clicked?.order }, sorting.keys));
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('empty.noSales')} />,
        }}
        pagination={
          paging
            ? {
                current: paging.page,
                pageSize: paging.pageSize,
                total: paging.total,
                showSizeChanger: true,
                pageSizeOptions: [20, 50, 100, 200],
                showTotal: (total) => t('table.rowsTotal', { count: total, countText: count(total) }),
                onChange: paging.onChange,
              }
            : false
        }
        summary={() =>
          rows.length > 0 && totals ? (
            <Table.Summary>
              {summaryRow(totals, t('table.total'), 'ra-report-table__totals')}
              {previousTotals && summaryRow(previousTotals, t('table.previousTotal'), 'ra-report-table__previous')}
            </Table.Summary>
          ) : null
        }
      />
    </section>
  );
}
