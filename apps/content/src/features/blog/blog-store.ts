import { getBlog, getBlogs, isApiError, type BlogPost } from '@agri/api-client';
import { create } from 'zustand';

/** One data area of the spec: a pending call sets loading; success or failure settles it. */
export interface DataArea<T> {
  data: T;
  isLoading: boolean;
  isSuccess: boolean;
  isError: boolean;
  message: string;
  /** HTTP status of a failed call (404: no such post), else null. */
  status: number | null;
}

const idle = <T,>(data: T): DataArea<T> => ({ data, isLoading: false, isSuccess: false, isError: false, message: '', status: null });
const loading = <T,>(data: T): DataArea<T> => ({ data, isLoading: true, isSuccess: false, isError: false, message: '', status: null });
const succeeded = <T,>(data: T): DataArea<T> => ({ data, isLoading: false, isSuccess: true, isError: false, message: '', status: null });
const failed = <T,>(data: T, error: unknown): DataArea<T> => ({
  data,
  isLoading: false,
  isSuccess: false,
  isError: true,
  message: error instanceof Error ? error.message : String(error),
  status: isApiError(error) ? error.status : null,
});

interface BlogState {
  list: DataArea<BlogPost[]>;
  singleBlog: DataArea<BlogPost | null>;
  /** The id the single post area holds or is fetching; an older answer for another id is dropped. */
  singleBlogId: string | null;
  loadBlogs: () => Promise<void>;
  loadBlog: (id: string) => Promise<void>;
  reset: () => void;
}

const initialState = () => ({ list: idle<BlogPost[]>([]), singleBlog: idle<BlogPost | null>(null), singleBlogId: null });

/** The blog data area: the list (home page, /blogs, related posts) and one post. */
export const useBlogStore = create<BlogState>((set, get) => ({
  ...initialState(),
  loadBlogs: async () => {
    set((state) => ({ list: loading(state.list.data) }));
    try {
      set({ list: succeeded(await getBlogs()) });
    } catch (error) {
      set({ list: failed([], error) });
    }
  },
  loadBlog: async (id) => {
    set({ singleBlogId: id, singleBlog: loading(null) });
    try {
      const post = await getBlog(id);
      if (get().singleBlogId === id) set({ singleBlog: succeeded(post) });
    } catch (error) {
      if (get().singleBlogId === id) set({ singleBlog: failed(null, error) });
    }
  },
  reset: () => set(initialState()),
}));
