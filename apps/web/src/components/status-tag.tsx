import type { ReactNode } from 'react';
import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons';

/** What a status means to the person reading it; each tone has one look everywhere. */
export type TStatusTone = 'success' | 'info' | 'warning' | 'error' | 'neutral';

/**
 * Text, fill and border of each tone. The text reaches WCAG 2.1 AA (4.5:1) on its fill and on white
 * (status-tag.test.ts), and every tone has a visible border and an icon, so a status never reads as
 * a greyed-out (disabled) control and never depends on colour alone. Fixed colours rather than antd's
 * presets: the presets print pale text on pale tints (2.6-3.7:1) and follow the theme colour.
 */
export const STATUS_TONES: Record<TStatusTone, { color: string; background: string; border: string }> = {
  success: { color: '#135200', background: '#f6ffed', border: '#73d13d' },
  info: { color: '#003eb3', background: '#e6f4ff', border: '#4096ff' },
  warning: { color: '#613400', background: '#fffbe6', border: '#ffc53d' },
  error: { color: '#a8071a', background: '#fff1f0', border: '#ff7875' },
  neutral: { color: '#262626', background: '#f0f0f0', border: '#8c8c8c' },
};

const ICONS: Record<TStatusTone, ReactNode> = {
  success: <CheckCircleOutlined />,
  info: <ClockCircleOutlined />,
  warning: <ExclamationCircleOutlined />,
  error: <CloseCircleOutlined />,
  neutral: <MinusCircleOutlined />,
};

/** A status (application, paycheck, restaurant, member, read receipt) as a readable coloured tag. */
export function StatusTag({ tone, children }: { tone: TStatusTone; children: ReactNode }) {
  const { color, background, border } = STATUS_TONES[tone];
  return (
    <Tag
      data-tone={tone}
      variant="outlined"
      icon={ICONS[tone]}
      style={{ color, background, borderColor: border, marginInlineEnd: 0 }}
    >
      {children}
    </Tag>
  );
}
