// Addresses of the traffic pages, shared by the pages that link to each other.
export const BUY_TRAFFIC_PATH = '/console/buyTrafficFlow'
export const PACK_LIST_PATH = '/console/trafficFlowPackList'
