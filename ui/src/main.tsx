import { render } from 'preact';
import { App } from './app/App';
import './styles/index.css';

render(<App />, document.getElementById('app')!);
