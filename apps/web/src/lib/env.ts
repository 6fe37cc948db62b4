/** SPEC 9 "Restricted host check uses a dashboard host name": configurable per deployment. */
export const RESTRICTED_HOST: string = import.meta.env.VITE_RESTRICTED_HOST || 'dashboard.restricted.example';

/** SPEC 9 default title; translated through the `common` namespace where a translation exists. */
export const APP_TITLE = 'Restaurant Admin System';
