// /console/trafficFlowHistory: bytes up and down over time for all usage, the traffic account or one static IP.
import { UsageHistory } from '../components/usage-history.tsx'

export const TrafficFlowHistoryPage = () => <UsageHistory />
