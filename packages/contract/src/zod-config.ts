import { z } from 'zod';

// Zod's own messages in Chinese, for server and web alike. In a browser, zod compiles no validator with new Function:
// the app's Content-Security-Policy allows no eval, and even zod's caught probe for it is reported as a violation.
// zod reads the setting when each object schema is built, so this module is the contract's first import.
z.config({ ...z.locales.zhCN(), jitless: 'document' in globalThis });
