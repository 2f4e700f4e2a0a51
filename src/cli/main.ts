/** The bundle's entry point: run the program, leave with its status. */
import { main } from './program.js';

process.exitCode = await main(process.argv);
