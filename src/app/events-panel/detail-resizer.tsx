import { PaneResizer } from '../../components/ui/pane-resizer';
import { DETAIL_SHARE, useDetailShare } from './detail-width';

/** The edge between the list and the details pane on wide screens. */
export function DetailResizer() {
  const share = useDetailShare((state) => state.value);
  const setShare = useDetailShare((state) => state.set);
  return (
    <PaneResizer
      share={share}
      bounds={DETAIL_SHARE}
      onChange={setShare}
      label="Width of the details"
      pane="details"
    />
  );
}
