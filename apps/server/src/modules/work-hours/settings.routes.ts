import { ZWorkHoursSettings, ZWorkHoursSettingsUpdate } from '@ra/shared/work-hours/work-hours.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/access-control.ts';
import type { WorkHoursSettingsService } from './settings.service.ts';
import { EDIT, VIEW } from './work-hours.access.ts';

/** Pay period, overtime rules and the work-hour config flags. */
export function settingsRoutes(settings: WorkHoursSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/work-hours/settings', {
      schema: {
        tags: ['work-hours'],
        summary: 'Pay period, overtime rules and the work-hour config flags',
        response: { 200: ZWorkHoursSettings },
      },
      config: { access: VIEW },
      handler: (request) => settings.settings(authOf(request)),
    });

    app.put('/api/api/work-hours/settings', {
      schema: {
        tags: ['work-hours'],
        summary: 'Set the pay period (and the day that starts one) and the overtime rule set',
        body: ZWorkHoursSettingsUpdate,
        response: { 200: ZWorkHoursSettings },
      },
      config: { access: EDIT },
      handler: (request) => settings.updateSettings(authOf(request), request.body, request.ip),
    });
  };
}
