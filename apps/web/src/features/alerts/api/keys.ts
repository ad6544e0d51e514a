// Query keys of the alerts page: rules, endpoints, each endpoint's delivery log, and the sub-users a rule can watch.
export const alertRulesKey = ['alerts', 'rules'] as const
export const webhooksKey = ['alerts', 'webhooks'] as const
export const deliveriesKey = (endpointId: string) => ['alerts', 'webhooks', endpointId, 'deliveries'] as const
export const subUserChoicesKey = (q: string) => ['alerts', 'sub-users', 'choices', q] as const
export const subUserNameKey = (id: string) => ['alerts', 'sub-users', 'name', id] as const
