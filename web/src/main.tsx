import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';
import '@mantine/core/styles.css';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startOfflineCopies } from './lib/offline/copies';

startOfflineCopies();

createRoot(document.getElementById('root')!).render(<App />);
