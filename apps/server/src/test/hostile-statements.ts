/**
 * Hostile algorithm texts (issue 18 "Bad input"): each is refused by the checker with the message it names, or, where
 * `stoppedAtRun`, passes the checker and is stopped when it runs (the timeout). Used by the checker's unit test and by
 * the API test, which sends each through the routes and checks nothing was written. Table `warehouse.t` is the
 * API test's.
 */
export interface Hostile {
  sql: string;
  expect: RegExp;
  stoppedAtRun?: boolean;
}

export const HOSTILE_STATEMENTS: Hostile[] = [
  // DDL
  { sql: 'drop table warehouse.t', expect: /不能执行 DROP 语句/ },
  { sql: 'create table warehouse.x (a int)', expect: /不能执行 CREATE TABLE 语句/ },
  { sql: 'alter table warehouse.t add column z int', expect: /不能执行 ALTER TABLE 语句/ },
  { sql: 'truncate warehouse.t', expect: /不能执行 TRUNCATE 语句/ },
  { sql: 'create role evil superuser', expect: /不能执行 CREATE ROLE 语句/ },
  { sql: 'grant all on schema public to public', expect: /不能执行 GRANT 语句/ },
  // DML
  { sql: "insert into warehouse.t (name) values ('x')", expect: /不能执行 INSERT 语句/ },
  { sql: 'update warehouse.t set n = 0', expect: /不能执行 UPDATE 语句/ },
  { sql: 'delete from warehouse.t', expect: /不能执行 DELETE 语句/ },
  { sql: 'with d as (delete from warehouse.t returning *) select * from d', expect: /WITH 子句中只能写 SELECT/ },
  {
    sql: 'merge into warehouse.t using warehouse.t s on true when matched then delete',
    expect: /不能执行 MERGE 语句/,
  },
  // two statements, and a comment hiding one
  { sql: 'select 1; drop table warehouse.t', expect: /只能写一条 SELECT 查询，发现了第二条语句/ },
  { sql: 'select 1 /* harmless */; delete from warehouse.t -- done', expect: /发现了第二条语句/ },
  { sql: "select '--' as a; update warehouse.t set n = 1", expect: /发现了第二条语句/ },
  { sql: 'select 1 -- ; drop table warehouse.t\n; drop table warehouse.t', expect: /发现了第二条语句/ },
  // other schemas and the catalogue
  { sql: 'select * from pg_catalog.pg_authid', expect: /不能读取“pg_catalog.pg_authid”/ },
  { sql: 'select * from pg_shadow', expect: /不能读取“pg_shadow”/ },
  { sql: 'select id, password_hash from public.users', expect: /不能读取“public.users”/ },
  { sql: 'select * from information_schema.tables', expect: /不能读取“information_schema.tables”/ },
  {
    sql: 'select * from warehouse.t where n in (select 1 from public.sessions)',
    expect: /不能读取“public.sessions”/,
  },
  { sql: 'select * from otherdb.warehouse.t', expect: /不能跨数据库引用/ },
  // forbidden functions
  { sql: 'select pg_sleep(10)', expect: /不允许调用函数 pg_sleep\(\)/ },
  { sql: "select pg_read_file('/etc/passwd')", expect: /不允许调用函数 pg_read_file\(\)/ },
  { sql: "select set_config('role', 'postgres', false)", expect: /不允许调用函数 set_config\(\)/ },
  { sql: "select current_setting('data_directory')", expect: /不允许调用函数 current_setting\(\)/ },
  { sql: "select * from dblink('host=x', 'select 1') as t(a int)", expect: /不允许调用函数 dblink\(\)/ },
  { sql: 'select lo_import($$/etc/passwd$$)', expect: /不允许调用函数 lo_import\(\)/ },
  { sql: "select nextval('users_id_seq')", expect: /不允许调用函数 nextval\(\)/ },
  { sql: 'select txid_current()', expect: /不允许调用函数 txid_current\(\)/ },
  { sql: 'select pg_terminate_backend(1)', expect: /不允许调用函数 pg_terminate_backend\(\)/ },
  { sql: "select repeat('x', 1000000000)", expect: /不允许调用函数 repeat\(\)/ },
  // memory at will (issue 28 item 3): a size as an argument, a width, an accumulator over generated rows
  { sql: "select lpad('x', 100000000)", expect: /不允许调用函数 lpad\(\)/ },
  { sql: "select rpad('x', 100000000, 'y')", expect: /不允许调用函数 rpad\(\)/ },
  { sql: 'select array_fill(1, array[100000000])', expect: /不允许调用函数 array_fill\(\)/ },
  { sql: "select format('%100000000s', 'x')", expect: /format\(\) 的格式串不能指定宽度/ },
  { sql: "select format('%-100000000s|', 'x')", expect: /format\(\) 的格式串不能指定宽度/ },
  { sql: "select format('%1$100000000s', 'x')", expect: /format\(\) 的格式串不能指定宽度/ },
  { sql: "select format('%*s', 100000000, 'x')", expect: /format\(\) 的格式串不能指定宽度/ },
  { sql: "select format('%' || '100000000s', 'x')", expect: /format\(\) 的第一个参数（格式串）必须是字符串常量/ },
  {
    sql: "select length(string_agg('xxxxxxxxxx', '')) from generate_series(1, 100000000)",
    expect: /不能用 string_agg\(\) 汇总 generate_series\(\) 生成的行/,
  },
  {
    sql: 'with g as (select generate_series(1, 100000000) n) select cardinality(array_agg(n)) from g',
    expect: /不能用 array_agg\(\) 汇总 generate_series\(\) 生成的行/,
  },
  {
    sql: 'select cardinality(array(select g from generate_series(1, 100000000) g))',
    expect: /不能用 ARRAY\(\.\.\.\) 汇总 generate_series\(\) 生成的行/,
  },
  {
    sql: `with recursive r(n) as (select 1 union all select n + 1 from r where n < 100000000)
      select length(string_agg('xxxxxxxxxx', '')) from r`,
    expect: /不能用 string_agg\(\) 汇总 WITH RECURSIVE 生成的行/,
  },
  { sql: 'select public.anything(1)', expect: /不允许调用函数 public.anything\(\)/ },
  { sql: 'select current_user', expect: /不允许调用函数 current_user\(\)/ },
  { sql: "select 'pg_authid'::regclass", expect: /不允许转换为类型 regclass/ },
  // SELECT INTO, locks, other statements
  { sql: 'select * into warehouse.copy from warehouse.t', expect: /不允许 SELECT INTO/ },
  { sql: 'select * from warehouse.t for update', expect: /不允许 FOR UPDATE/ },
  { sql: 'select * from warehouse.t for share skip locked', expect: /不允许 FOR UPDATE/ },
  { sql: "copy warehouse.t to '/tmp/x'", expect: /不能执行 COPY 语句/ },
  { sql: "copy (select 1) to program 'id'", expect: /不能执行 COPY 语句/ },
  { sql: 'do $$ begin perform pg_sleep(1); end $$', expect: /不能执行 DO 语句/ },
  { sql: 'call some_procedure()', expect: /不能执行 CALL 语句/ },
  { sql: 'set role postgres', expect: /不能执行 SET 语句/ },
  { sql: 'reset role', expect: /不能执行 SET 语句/ },
  { sql: 'set session authorization postgres', expect: /不能执行 SET 语句/ },
  { sql: 'begin', expect: /不能执行 事务控制/ },
  { sql: 'explain analyze delete from warehouse.t', expect: /不能执行 EXPLAIN 语句/ },
  { sql: 'lock table warehouse.t', expect: /不能执行 LOCK 语句/ },
  { sql: "select xmlparse(document '<a/>')", expect: /不支持的写法/ },
  { sql: 'select * from warehouse.t tablesample system (10)', expect: /不支持的写法/ },
  // written to run for an hour: passes the checker, stopped at the timeout
  {
    sql: `select count(*) from warehouse.t a, warehouse.t b, warehouse.t c, warehouse.t d, warehouse.t e,
      generate_series(1, 100000000) g`,
    expect: /查询执行超过 [\d.]+ 秒，已被停止/,
    stoppedAtRun: true,
  },
];
