import { lazyComponent } from '../lib/lazy';

// Every page can end here (an unknown address, an unpublished project), so the app imports this
// page; its words and its search come in a chunk of their own, rendered by the server all the same.
const NotFound = lazyComponent(() => import('../components/notFound/NotFoundView'));

export default NotFound;
