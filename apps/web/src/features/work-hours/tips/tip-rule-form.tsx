import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
} from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ra/shared/errors';
import { formatCents, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { TIP_OUT_BASES, TIP_PERIODS, TIP_WEIGHTINGS, type TTipRule } from '@ra/shared/tips/allocation';
import type { TTipPeriodResponse } from '@ra/shared/tips/tips.schemas';
import { formatHundredths } from '@ra/shared/work-hours/hours';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { previewTipRule, useSaveTipRule, useTipRule } from './tips-api.ts';
import { basisPointsToPercent, newPool, percentToBasisPoints, ruleKey } from './tip-rule-draft.ts';

type TPool = TTipRule['pools'][number];
type TOut = TTipRule['tipOuts'][number];

/** The first field error of a failed call, in the user's language, else the message. */
function errorOf(e: unknown): string {
  if (isApiError(e) && e.errors) {
    const first = Object.values(e.errors)[0];
    if (first) return translateServerMessage(first, currentLanguage());
  }
  return errorText(e, MESSAGES.error.en);
}

/** The worked example: each employee's share of the last ended pay period under the drafted rule. */
function WorkedExample({ example }: { example: TTipPeriodResponse }) {
  const { t } = useTranslation('tips');
  const lang = toDisplayLanguage(currentLanguage());
  return (
    <Card size="small" className="ra-tips-example" data-testid="tips-example">
      <p>
        {t('example.intro', {
          from: formatDay(example.period.start, lang),
          to: formatDay(example.period.end, lang),
          total: formatCents(example.totalCents, lang),
        })}
      </p>
      {example.pools.map((p) => (
        <p key={p.name} className="ra-wh-muted">
          {t('example.pool', { name: p.name, cents: formatCents(p.cents, lang) })}
        </p>
      ))}
      {example.lines.length === 0 ? (
        <p className="ra-wh-muted">{t('example.empty')}</p>
      ) : (
        <Table
          size="small"
          rowKey="userId"
          pagination={false}
          scroll={{ x: true }}
          dataSource={example.lines}
          columns={[
            { key: 'name', title: t('columns.employee'), dataIndex: 'name' },
            { key: 'hours', title: t('columns.hours'), render: (_, l) => formatHundredths(l.hours), align: 'right' },
            {
              key: 'collected',
              title: t('columns.collected'),
              render: (_, l) => formatCents(l.collectedCents, lang),
              align: 'right',
            },
            {
              key: 'final',
              title: t('columns.final'),
              render: (_, l) => <strong>{formatCents(l.finalCents, lang)}</strong>,
              align: 'right',
            },
            {
              key: 'hourly',
              title: t('columns.hourly'),
              render: (_, l) => (l.hourlyCents === null ? '—' : formatCents(l.hourlyCents, lang)),
              align: 'right',
            },
          ]}
        />
      )}
    </Card>
  );
}

function PoolEditor({
  pool,
  roles,
  onChange,
  onRemove,
}: {
  pool: TPool;
  roles: Array<{ id: number; name: string }>;
  onChange: (pool: TPool) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('tips');
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? String(id);
  return (
    <Card
      size="small"
      className="ra-tips-card"
      title={
        <Input
          aria-label={t('pool.name')}
          value={pool.name}
          maxLength={60}
          onChange={(e) => onChange({ ...pool, name: e.target.value })}
          style={{ maxWidth: 240 }}
        />
      }
      extra={
        <Popconfirm
          title={t('pool.removeConfirm', { name: pool.name })}
          onConfirm={onRemove}
          okText={t('actions.remove')}
        >
          <Button icon={<DeleteOutlined />} aria-label={t('pool.remove', { name: pool.name })} danger type="text" />
        </Popconfirm>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          value={pool.weighting}
          onChange={(e) => onChange({ ...pool, weighting: e.target.value })}
          aria-label={t('pool.weighting')}
          options={TIP_WEIGHTINGS.map((w) => ({ value: w, label: t(`weighting.${w}`) }))}
        />
        <Select
          mode="multiple"
          aria-label={t('pool.roles')}
          placeholder={t('pool.roles')}
          style={{ width: '100%' }}
          value={pool.roles.map((r) => r.roleId)}
          onChange={(ids: number[]) =>
            onChange({
              ...pool,
              roles: ids.map((id) => pool.roles.find((r) => r.roleId === id) ?? { roleId: id, points: 1 }),
            })
          }
          options={roles.map((r) => ({ value: r.id, label: r.name }))}
        />
        {pool.weighting === 'points' &&
          pool.roles.map((r) => (
            <Space key={r.roleId}>
              <span>{roleName(r.roleId)}</span>
              <InputNumber
                aria-label={t('pool.pointsOf', { role: roleName(r.roleId) })}
                min={1}
                max={100}
                precision={0}
                value={r.points}
                onChange={(v) =>
                  onChange({
                    ...pool,
                    roles: pool.roles.map((x) => (x.roleId === r.roleId ? { ...x, points: Number(v ?? 1) } : x)),
                  })
                }
              />
              <span className="ra-wh-muted">{t('pool.points')}</span>
            </Space>
          ))}
      </Space>
    </Card>
  );
}

function TipOutRow({
  out,
  roles,
  onChange,
  onRemove,
  index,
}: {
  out: TOut;
  roles: Array<{ id: number; name: string }>;
  onChange: (out: TOut) => void;
  onRemove: () => void;
  index: number;
}) {
  const { t } = useTranslation('tips');
  const [text, setText] = useState(basisPointsToPercent(out.basisPoints));
  const bad = percentToBasisPoints(text) === null;
  const options = roles.map((r) => ({ value: r.id, label: r.name }));
  return (
    <Space wrap className="ra-tips-out" data-testid={`tip-out-${index}`}>
      <Select
        aria-label={t('tipOut.from')}
        style={{ minWidth: 130 }}
        value={out.fromRoleId}
        options={options}
        onChange={(v: number) => onChange({ ...out, fromRoleId: v })}
      />
      <span>{t('tipOut.gives')}</span>
      <Input
        aria-label={t('tipOut.percent')}
        status={bad ? 'error' : undefined}
        suffix="%"
        inputMode="decimal"
        style={{ width: 100 }}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const bp = percentToBasisPoints(e.target.value);
          if (bp !== null) onChange({ ...out, basisPoints: bp });
        }}
      />
      <Select
        aria-label={t('tipOut.base')}
        style={{ minWidth: 110 }}
        value={out.base}
        options={TIP_OUT_BASES.map((b) => ({ value: b, label: t(`base.${b}`) }))}
        onChange={(v) => onChange({ ...out, base: v })}
      />
      <span>{t('tipOut.to')}</span>
      <Select
        aria-label={t('tipOut.toRole')}
        style={{ minWidth: 130 }}
        value={out.toRoleId}
        options={options}
        onChange={(v: number) => onChange({ ...out, toRoleId: v })}
      />
      <Popconfirm title={t('tipOut.removeConfirm')} onConfirm={onRemove} okText={t('actions.remove')}>
        <Button icon={<DeleteOutlined />} aria-label={t('tipOut.remove')} danger type="text" />
      </Popconfirm>
      {bad && <span className="ra-tips-error">{t('tipOut.percentInvalid')}</span>}
    </Space>
  );
}

/**
 * The "Tips" tab of Work Hours settings: what counts, the period, pools by role (hours or points) and
 * tip-outs to support roles. Saving needs a worked example of the very rule on the last ended period.
 */
export function TipRuleForm() {
  const { t } = useTranslation('tips');
  const query = useTipRule();
  const save = useSaveTipRule();
  const [draft, setDraft] = useState<TTipRule | null>(null);
  const [example, setExample] = useState<{ key: string; data: TTipPeriodResponse } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(query.error, MESSAGES.fetchFailed.en)}
        action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  if (!query.data) return <Skeleton active />;
  const roles = query.data.roles;
  const rule = draft ?? query.data.rule;
  const change = (next: TTipRule) => {
    setDraft(next);
    setError(null);
  };
  const shown = example && example.key === ruleKey(rule);

  async function onPreview() {
    setPreviewing(true);
    setError(null);
    try {
      setExample({ key: ruleKey(rule), data: await previewTipRule(rule) });
    } catch (e) {
      setError(errorOf(e));
    } finally {
      setPreviewing(false);
    }
  }

  async function onSave() {
    setError(null);
    try {
      await save.mutateAsync(rule);
      setDraft(null);
      showSuccessMessage(t('saved'));
    } catch (e) {
      setError(errorOf(e));
    }
  }

  const firstRole = roles[0]?.id;
  return (
    <div className="ra-tips-form">
      <h3 className="ra-wh-subtitle">{t('sources.title')}</h3>
      <Space wrap>
        {(['cardTips', 'declaredCash', 'serviceCharges'] as const).map((k) => (
          <Checkbox
            key={k}
            checked={rule.sources[k]}
            onChange={(e) => change({ ...rule, sources: { ...rule.sources, [k]: e.target.checked } })}
          >
            {t(`sources.${k}`)}
          </Checkbox>
        ))}
      </Space>

      <h3 className="ra-wh-subtitle ra-wh-gap">{t('period.title')}</h3>
      <Radio.Group
        aria-label={t('period.title')}
        value={rule.period}
        onChange={(e) => change({ ...rule, period: e.target.value })}
        options={TIP_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
      />
      <p className="ra-wh-muted">{t(`period.hint.${rule.period}`)}</p>

      <h3 className="ra-wh-subtitle ra-wh-gap">{t('pools.title')}</h3>
      <p className="ra-wh-muted">{t('pools.hint')}</p>
      {rule.pools.length === 0 && <p className="ra-wh-muted">{t('pools.none')}</p>}
      {rule.pools.map((pool, i) => (
        <PoolEditor
          key={i}
          pool={pool}
          roles={roles}
          onChange={(p) => change({ ...rule, pools: rule.pools.map((x, j) => (j === i ? p : x)) })}
          onRemove={() => change({ ...rule, pools: rule.pools.filter((_, j) => j !== i) })}
        />
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={rule.pools.length >= 10}
        onClick={() => change({ ...rule, pools: [...rule.pools, newPool(rule, t('pools.defaultName'))] })}
      >
        {t('pools.add')}
      </Button>

      <h3 className="ra-wh-subtitle ra-wh-gap">{t('tipOuts.title')}</h3>
      <p className="ra-wh-muted">{t('tipOuts.hint')}</p>
      {rule.tipOuts.length === 0 && <p className="ra-wh-muted">{t('tipOuts.none')}</p>}
      {rule.tipOuts.map((out, i) => (
        <TipOutRow
          key={i}
          index={i}
          out={out}
          roles={roles}
          onChange={(o) => change({ ...rule, tipOuts: rule.tipOuts.map((x, j) => (j === i ? o : x)) })}
          onRemove={() => change({ ...rule, tipOuts: rule.tipOuts.filter((_, j) => j !== i) })}
        />
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={firstRole === undefined || rule.tipOuts.length >= 20}
        onClick={() =>
          change({
            ...rule,
            tipOuts: [
              ...rule.tipOuts,
              {
                fromRoleId: firstRole!,
                toRoleId: roles[1]?.id ?? firstRole!,
                basisPoints: 200,
                base: 'sales',
              },
            ],
          })
        }
      >
        {t('tipOuts.add')}
      </Button>

      {error && <Alert type="error" showIcon title={error} className="ra-wh-gap" data-testid="tips-error" />}
      {shown && <WorkedExample example={example.data} />}
      <Space wrap className="ra-wh-gap">
        <Button onClick={() => void onPreview()} loading={previewing}>
          {t('actions.preview')}
        </Button>
        <Button type="primary" onClick={() => void onSave()} loading={save.isPending} disabled={!shown}>
          {t('actions.save')}
        </Button>
        {!shown && <span className="ra-wh-muted">{t('previewFirst')}</span>}
      </Space>
    </div>
  );
}
