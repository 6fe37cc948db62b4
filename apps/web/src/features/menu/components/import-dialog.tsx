import { useState } from 'react';
import { Alert, Button, List, Modal, Space, Tabs, Typography, Upload } from 'antd';
import InboxOutlined from '@ant-design/icons/InboxOutlined';
import { useTranslation } from 'react-i18next';
import type { TImportPreviewResponse } from '@ra/shared/menu/menu.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { fileToBase64, useApplyImport, usePreviewImport } from '../api/import-export.ts';
import { menuErrorText, translateMenu } from '../menu-messages.ts';

const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Import the menu from XLSX (issue 8): the file is previewed first (what it adds, changes and removes,
 * and each bad row by sheet and row); Import writes it all, and only when the whole file is valid.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<TImportPreviewResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const previewCall = usePreviewImport();
  const applyCall = useApplyImport();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setFailure(null);
  };

  const choose = async (chosen: File) => {
    reset();
    if (chosen.size > MAX_BYTES) {
      setFailure(translateMenu('The file is larger than 10 MB'));
      return;
    }
    const base64 = await fileToBase64(chosen);
    setFile({ name: chosen.name, base64 });
    try {
      setPreview(await previewCall.mutateAsync(base64));
    } catch (e) {
      setFailure(menuErrorText(e));
    }
  };

  const apply = async () => {
    if (!file) return;
    setFailure(null);
    try {
      await applyCall.mutateAsync(file.base64);
      showSuccessMessage(t('import.done'));
      reset();
      onClose();
    } catch (e) {
      setFailure(menuErrorText(e));
    }
  };

  const list = (rows: { key: string; text: string }[], empty: string) =>
    rows.length === 0 ? (
      <Typography.Text type="secondary">{empty}</Typography.Text>
    ) : (
      <List
        size="small"
        bordered
        dataSource={rows}
        style={{ maxHeight: 260, overflow: 'auto' }}
        renderItem={(row) => <List.Item key={row.key}>{row.text}</List.Item>}
      />
    );

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={() => {
        reset();
        onClose();
      }}
      width={720}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('actions.cancel')}
          </Button>
          <Button
            type="primary"
            loading={applyCall.isPending}
            disabled={!preview?.valid || preview.adds.length + preview.changes.length + preview.removals.length === 0}
            onClick={() => void apply()}
          >
            {t('import.apply')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('import.intro')}</Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        showUploadList={false}
        beforeUpload={(chosen) => {
          void choose(chosen);
          return false;
        }}
        disabled={previewCall.isPending || applyCall.isPending}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{file ? file.name : t('import.drop')}</p>
      </Upload.Dragger>
      {previewCall.isPending && <Alert type="info" showIcon title={t('import.checking')} style={{ marginTop: 12 }} />}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
      {preview && (
        <div style={{ marginTop: 12 }} data-import-preview>
          {preview.valid ? (
            <Alert
              type={preview.adds.length + preview.changes.length + preview.removals.length === 0 ? 'info' : 'success'}
              showIcon
              title={
                preview.adds.length + preview.changes.length + preview.removals.length === 0
                  ? t('import.nothing')
                  : t('import.summary', {
                      adds: preview.adds.length,
                      changes: preview.changes.length,
                      removals: preview.removals.length,
                    })
              }
            />
          ) : (
            <Alert type="error" showIcon title={translateMenu('The file has errors; nothing was imported')} />
          )}
          <Tabs
            items={[
              ...(preview.errors.length
                ? [
                    {
                      key: 'errors',
                      label: t('import.errors', { count: preview.errors.length }),
                      children: list(
                        preview.errors.map((e, i) => ({
                          key: `${i}`,
                          text: translateMenu(`Sheet ${e.sheet}, row ${e.row}: ${e.message}`),
                        })),
                        '',
                      ),
                    },
                  ]
                : []),
              {
                key: 'adds',
                label: t('import.adds', { count: preview.adds.length }),
                children: list(
                  preview.adds.map((a) => ({ key: `${a.sheet}:${a.key}`, text: `${a.sheet} · ${a.key} · ${a.name}` })),
                  t('import.none'),
                ),
              },
              {
                key: 'changes',
                label: t('import.changes', { count: preview.changes.length }),
                children: list(
                  preview.changes.map((c) => ({
                    key: `${c.sheet}:${c.key}`,
                    text: `${c.sheet} · ${c.key} · ${c.name}: ${c.fields.join(', ')}`,
                  })),
                  t('import.none'),
                ),
              },
              {
                key: 'removals',
                label: t('import.removals', { count: preview.removals.length }),
                children: list(
                  preview.removals.map((r) => ({
                    key: `${r.sheet}:${r.key}`,
                    text: `${r.sheet} · ${r.key} · ${r.name}`,
                  })),
                  t('import.none'),
                ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
