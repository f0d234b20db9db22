'use client';
import { Skeleton } from 'antd';

/** The transcript's placeholder while `loading`: antd Skeleton, five rows. Its own chunk. */
export function LoadingSkeleton() {
  return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
}
