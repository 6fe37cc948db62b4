import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unbounded } from '../validation/request-bounds.test-support.ts';
import {
  ZAdminRestaurantQuery,
  ZBusinessIdParams,
  ZLinkBankRequest,
  ZServiceFeeInput,
  ZServiceFeeListQuery,
  ZUpdateRestAdminConfigRequest,
  ZUpdateRestRequest,
  ZUpdateSettingsRequest,
  ZVerifyBankRequest,
} from './business.schemas.ts';

const requests = {
  ZUpdateRestRequest,
  ZLinkBankRequest,
  ZVerifyBankRequest,
  ZServiceFeeInput,
  ZServiceFeeListQuery,
  ZUpdateSettingsRequest,
  ZAdminRestaurantQuery,
  ZUpdateRestAdminConfigRequest,
  ZBusinessIdParams,
};

describe('business request schemas', () => {
  it.each(Object.entries(requests))('%s bounds every string and array', (_, schema) => {
    expect(unbounded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))).toEqual([]);
  });
});
