import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consumeTokenParam } from './app/token-param';
import { App } from './app/app';
import './styles/global.css';

consumeTokenParam();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
