import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { askOtherTabs } from './lib/auth/session';
import { startOfflineCopies } from './lib/offline/copies';

startOfflineCopies();

// A link opened in a new tab takes the session of a signed-in tab before the router decides on sign-in.
void askOtherTabs().then(() => createRoot(document.getElementById('root')!).render(<App />));
