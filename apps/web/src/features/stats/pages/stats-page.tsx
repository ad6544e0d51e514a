// /console/tunnelStats: tunnels that succeeded and failed (and why) per hour or day, for the account, the
// traffic account or one static IP, with the top destinations for customers who keep them.
import { StatsHistory } from '../components/stats-history.tsx'

export const StatsPage = () => <StatsHistory />
