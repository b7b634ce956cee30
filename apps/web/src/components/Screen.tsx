import type { ReactNode } from "react";
import { TopBar } from "./TopBar";

/** A page: the top-back bar, then the main landmark. */
export function Screen({
  title,
  back = true,
  right,
  children,
  className = "",
}: {
  title: string;
  back?: boolean;
  right?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className="screen">
      <TopBar title={title} back={back} right={right} />
      <main className={`screen__body ${className}`}>{children}</main>
    </div>
  );
}
