import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unbounded } from '../validation/request-bounds.test-support.ts';
import {
  ZCampaignRequest,
  ZCustomerFilter,
  ZCustomerListQuery,
  ZCustomerNameLookup,
  ZCustomerSettingsRequest,
  ZCustomersIdParams,
  ZRecipientListQuery,
  ZReviewListQuery,
  ZReviewRequest,
  ZSmsPricingRequest,
} from './customers.schemas.ts';

const requests = {
  ZCustomerListQuery,
  ZCustomerFilter,
  ZCustomerNameLookup,
  ZCampaignRequest,
  ZReviewRequest,
  ZSmsPricingRequest,
  ZCustomersIdParams,
  ZCustomerSettingsRequest,
  ZRecipientListQuery,
  ZReviewListQuery,
};

describe('customers request schemas', () => {
  it.each(Object.entries(requests))('%s bounds every string and array', (_, schema) => {
    expect(unbounded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))).toEqual([]);
  });
});
