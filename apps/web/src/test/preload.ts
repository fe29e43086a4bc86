import { beforeAll } from 'vitest';

// The signed-in shell and the home page are lazy chunks that most page tests reach: the first test to reach them
// would otherwise wait for Vite to transform them (and antd's pages behind them) inside its 4 s findBy, which a loaded
// 2-core machine overran (欢迎，系统管理员 not found while the chunk was still compiling). The web files share one
// module graph per worker (vitest.config.ts), so this loads them once per worker, before any test's clock starts.
beforeAll(async () => {
  await Promise.all([import('../app/SignedInApp'), import('../features/home/HomePage')]);
}, 60_000);
