import { create } from 'zustand';

/** The sessions open in this page, in the order they were opened, with each one's last view. */
interface OpenSessionsState {
  ids: string[];
  lastParams: Record<string, string>;
  open: (id: string) => void;
  remember: (id: string, params: URLSearchParams) => void;
  close: (id: string) => void;
}

export const useOpenSessions = create<OpenSessionsState>()((set) => ({
  ids: [],
  lastParams: {},
  open: (id) => set((state) => (state.ids.includes(id) ? state : { ids: [...state.ids, id] })),
  remember: (id, params) =>
    set((state) => ({ lastParams: { ...state.lastParams, [id]: params.toString() } })),
  close: (id) =>
    set((state) => {
      const lastParams = { ...state.lastParams };
      delete lastParams[id];
      return { ids: state.ids.filter((item) => item !== id), lastParams };
    }),
}));
