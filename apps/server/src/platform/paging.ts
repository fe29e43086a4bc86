/** The page count of a paged answer: at least 1, so an empty list still has its one (empty) page. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
