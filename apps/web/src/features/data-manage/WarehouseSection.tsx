import { WAREHOUSE_TEXT as W } from '@zg/contract';
import { Route, Routes, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { TableData } from './TableData';
import { TableDesigner } from './TableDesigner';
import { WarehouseList } from './WarehouseList';
import { WarehouseTables } from './WarehouseTables';

/** A positive whole number from a path segment, or null. */
export function idParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

function WithIds({ base, page }: { base: string; page: 'tables' | 'designer' | 'data' }) {
  const params = useParams();
  const ckid = idParam(params.ckId);
  const ckbid = idParam(params.ckbId);
  if (ckid === null || (page !== 'tables' && ckbid === null)) return <EmptyState description={W.badAddress} />;
  if (page === 'tables') return <WarehouseTables base={base} ckid={ckid} />;
  if (page === 'designer') return <TableDesigner base={base} ckid={ckid} ckbid={ckbid!} />;
  return <TableData base={base} ckid={ckid} ckbid={ckbid!} />;
}

/**
 * 数据仓库 and its drill-down, each at its own address below `base` (back and forward work):
 * `base` the warehouses, `base/:ckId` a warehouse's tables, `base/:ckId/table/:ckbId` a table's structure,
 * `base/:ckId/table/:ckbId/data` its data.
 */
export function WarehouseSection({ base }: { base: string }) {
  return (
    <Routes>
      <Route index element={<WarehouseList base={base} />} />
      <Route path=":ckId" element={<WithIds base={base} page="tables" />} />
      <Route path=":ckId/table/:ckbId" element={<WithIds base={base} page="designer" />} />
      <Route path=":ckId/table/:ckbId/data" element={<WithIds base={base} page="data" />} />
      <Route path="*" element={<EmptyState description={W.badAddress} />} />
    </Routes>
  );
}
