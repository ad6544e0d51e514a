// Query keys of the alerts page: rules, endpoints, and each endpoint's delivery log.
export const alertRulesKey = ['alerts', 'rules'] as const
export const webhooksKey = ['alerts', 'webhooks'] as const
export const deliveriesKey = (endpointId: string) => ['alerts', 'webhooks', endpointId, 'deliveries'] as const
