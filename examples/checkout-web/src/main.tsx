import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>Checkout coming soon</p>);
