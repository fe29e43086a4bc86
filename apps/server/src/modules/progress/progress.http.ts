/** Either target-task menu grants the progress calls; records are checked again in the services. */
export const WBS = { menus: ['wbs', 'annualWbs'] } as const;
