/**
 * The dashboard module's public surface (issue 34): its plugin. Subscribed charts (the chart library ybplx / ybp, the
 * users' cards ybpdy), the data screens and operation monitoring; it reads other modules through their index.ts only.
 */
export { dashboardPlugin } from './dashboard.plugin';
export { type DashboardLibrary, seedDashboardLibrary } from './dashboard-seed.service';
export { type ScreenLayout, seedSchoolScreens } from './screen-seed.service';
