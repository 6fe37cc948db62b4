import { Button, Checkbox, Form, Input, Select, Space, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from './money-input.tsx';
import { NumberInput, numberRule } from '../../../components/number-input.tsx';

/**
 * An item's options (SPEC 3: index, name, items, required, visible-to-customer, step, goto, min and
 * max chosen), e.g. "Doneness: Rare / Medium / Well done". Each choice has a price and may ring up
 * another menu item (linkedWithDBID). The index is the option's place in the list.
 */
export function ItemOptionsField({ rule }: { rule: (path: string) => Rule }) {
  const { t } = useTranslation('menu');
  const form = Form.useFormInstance();
  const options = (Form.useWatch('options', form) ?? []) as { name?: string; items?: { linked?: boolean }[] }[];
  return (
    <Form.List name="options">
      {(fields, { add, remove }) => (
        <>
          {fields.length === 0 && <Typography.Paragraph type="secondary">{t('options.none')}</Typography.Paragraph>}
          {fields.map((field, index) => (
            <div key={field.key} className="ra-item-form__option" data-item-option>
              <Space wrap align="start" style={{ width: '100%' }}>
                <Typography.Text strong>{t('options.number', { n: index + 1 })}</Typography.Text>
                <Form.Item
                  name={[field.name, 'name']}
                  label={t('options.name')}
                  required
                  rules={[rule(`options.${field.name}.name`)]}
                >
                  <Input placeholder={t('options.namePlaceholder')} />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} label={t('options.required')} valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'visibleToCustomer']}
                  label={t('options.visibleToCustomer')}
                  valuePropName="checked"
                >
                  <Switch />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'minChosen']}
                  label={t('options.minChosen')}
                  rules={[rule(`options.${field.name}.minChosen`)]}
                >
                  <NumberInput style={{ width: 90 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'maxChosen']}
                  label={t('options.maxChosen')}
                  rules={[rule(`options.${field.name}.maxChosen`)]}
                >
                  <NumberInput style={{ width: 90 }} placeholder={t('hints.any')} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'step']}
                  label={t('options.step')}
                  tooltip={t('options.stepHint')}
                  rules={[numberRule({ min: 0, max: 99, decimals: 0 })]}
                >
                  <NumberInput style={{ width: 80 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'goto']} label={t('options.goto')} tooltip={t('options.gotoHint')}>
                  <Select
                    allowClear
                    style={{ width: 160 }}
                    placeholder={t('options.gotoNext')}
                    options={options
                      .map((o, i) => ({ value: i, label: `${i + 1}. ${o?.name || t('options.number', { n: i + 1 })}` }))
                      .filter((o) => o.value !== index)}
                  />
                </Form.Item>
                <Button
                  danger
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('options.remove', { n: index + 1 })}
                  onClick={() => remove(field.name)}
                />
              </Space>
              <Form.List name={[field.name, 'items']} rules={[rule(`options.${field.name}.items`) as never]}>
                {(choices, { add: addChoice, remove: removeChoice }, { errors }) => (
                  <div>
                    {choices.map((choice, ci) => {
                      const linked = options[index]?.items?.[ci]?.linked;
                      return (
                        <Space key={choice.key} wrap align="start" data-option-choice>
                          <Form.Item
                            name={[choice.name, 'name']}
                            rules={[rule(`options.${field.name}.items.${choice.name}.name`)]}
                          >
                            <Input placeholder={t('options.choice')} aria-label={t('options.choiceN', { n: ci + 1 })} />
                          </Form.Item>
                          <Form.Item
                            name={[choice.name, 'priceCents']}
                            rules={[rule(`options.${field.name}.items.${choice.name}.priceCents`)]}
                          >
                            <MoneyInput aria-label={t('options.choicePrice', { n: ci + 1 })} />
                          </Form.Item>
                          <Form.Item
                            name={[choice.name, 'linked']}
                            valuePropName="checked"
                            tooltip={t('options.linkedHint')}
                          >
                            <Checkbox>{t('options.linked')}</Checkbox>
                          </Form.Item>
                          {linked && (
                            <Form.Item
                              name={[choice.name, 'linkedWithDBID']}
                              rules={[rule(`options.${field.name}.items.${choice.name}.linkedWithDBID`)]}
                            >
                              <NumberInput placeholder="linkedWithDBID" aria-label="linkedWithDBID" />
                            </Form.Item>
                          )}
                          <Button
                            type="text"
                            icon={<DeleteOutlined />}
                            aria-label={t('options.removeChoice', { n: ci + 1 })}
                            onClick={() => removeChoice(choice.name)}
                          />
                        </Space>
                      );
                    })}
                    <Form.ErrorList errors={errors} />
                    <div>
                      <Button
                        size="small"
                        icon={<PlusOutlined />}
                        onClick={() => addChoice({ name: '', priceCents: 0, linked: false, linkedWithDBID: null })}
                      >
                        {t('options.addChoice')}
                      </Button>
                    </div>
                  </div>
                )}
              </Form.List>
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              add({
                index: fields.length,
                name: '',
                items: [{ name: '', priceCents: 0, linked: false, linkedWithDBID: null }],
                required: false,
                visibleToCustomer: true,
                step: 0,
                goto: null,
                minChosen: 0,
                maxChosen: 1,
              })
            }
          >
            {t('options.add')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
