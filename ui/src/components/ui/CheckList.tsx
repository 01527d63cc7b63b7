import { Check } from 'lucide-react';

/**
 * Short points, each after a brass check mark: what a service includes, an approach's points, a
 * discipline's. `className` lays the list out, `itemClassName` each point, and `checkClassName`
 * sizes the mark and sets it level with the point's first line.
 */
export function CheckList({
  items,
  className,
  itemClassName,
  checkClassName,
}: {
  items: readonly string[];
  className: string;
  itemClassName: string;
  checkClassName: string;
}) {
  return (
    <ul className={className}>
      {items.map((item, i) => (
        <li key={i} className={itemClassName}>
          <Check aria-hidden="true" className={`${checkClassName} shrink-0 text-brass-600`} />
          {item}
        </li>
      ))}
    </ul>
  );
}
